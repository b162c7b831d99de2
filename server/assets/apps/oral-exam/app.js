// Demo 3D application opened by the landing page as ?<user id>+<API base URL>+<code>+<constant>.
// Everything from the address or from a server is shown as text, and the app only ever calls this site's own API:
// an address naming another API base is refused, so a crafted link cannot feed the page markup or read replies.
(function () {
  const status = document.getElementById('status');
  const say = (lines, failed) => {
    status.replaceChildren();
    lines.forEach((line, i) => {
      if (i > 0) status.append(document.createElement('br'));
      status.append(document.createTextNode(line));
    });
    status.className = failed ? 'card error' : 'card';
  };

  /** The API base named in the address, only when it is this site's own /api/ (same origin). */
  function ownApiBase(text) {
    try {
      const url = new URL(text, location.href);
      return url.origin === location.origin && /\/api\/$/.test(url.pathname) ? url.href : null;
    } catch {
      return null;
    }
  }

  let parts;
  try {
    parts = decodeURIComponent(location.search.slice(1)).split('+');
  } catch {
    parts = [];
  }
  const [, apiBaseText, code, constant] = parts;
  const apiBase = apiBaseText ? ownApiBase(apiBaseText) : null;
  if (!code || !apiBaseText) return say(['地址缺少登录信息，请从门户页进入。'], true);
  if (!apiBase) return say(['地址中的接口地址不属于本平台，已拒绝。请从门户页进入。'], true);

  fetch(apiBase + 'landing/verify_code', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'code=' + encodeURIComponent(code) })
    .then((r) => r.json())
    .then((reply) => {
      if (!reply || reply.code !== 200) return say([String((reply && reply.message) || '身份核验失败，请从门户页重新进入。')], true);
      const u = reply.data || {};
      const who = document.createElement('b');
      who.id = 'who';
      who.textContent = String(u.realname || u.username || '');
      status.replaceChildren('欢迎，', who, '（' + String(u.school_name || '') + '）', document.createElement('br'),
        '用户ID ' + String(u.user_id) + ' · 考站编号 ' + String(constant || ''), document.createElement('br'), '身份已核验，可以开始考站训练。');
      status.className = 'card';
      document.body.dataset.verified = String(u.user_id);
    })
    .catch(() => say(['网络错误，请稍后重试。'], true));
})();
