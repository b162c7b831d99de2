// The built-in demo simulation (see index.html).
(function () {
  var STEPS = [
    { name: '术前准备与器械选择', full: 20 },
    { name: '体位与支点', full: 20 },
    { name: '规范操作', full: 40 },
    { name: '完成质量评价', full: 20 }
  ];
  var params = new URLSearchParams(location.search);
  var token = params.get('token') || '';
  // Only this site's own API: an address naming another one is ignored, so the launch token never leaves the site.
  var api = location.origin + '/api/';
  try {
    var named = new URL(params.get('api') || api, location.href);
    if (named.origin === location.origin && /\/api\/$/.test(named.pathname)) api = named.href;
  } catch { /* keep the site's own API */ }
  var started = Date.now();
  var scores = [];
  var session = null;
  var $ = function (id) { return document.getElementById(id); };

  function show(kind, text) { var m = $('message'); m.className = kind; m.textContent = text; }

  function post(name, body) {
    return fetch(api + name, { method: 'POST', body: body }).then(function (r) { return r.json(); }).then(function (reply) {
      if (reply.code !== 200) throw new Error(reply.message || '请求失败');
      return reply;
    });
  }

  function renderSteps() {
    var list = $('steps');
    list.replaceChildren();
    STEPS.forEach(function (step, i) {
      var li = document.createElement('li');
      li.setAttribute('data-step', String(i + 1));
      var label = document.createElement('strong');
      label.textContent = '步骤 ' + (i + 1) + '：' + step.name + '（满分 ' + step.full + '）';
      li.appendChild(label);
      li.appendChild(document.createElement('br'));
      if (scores[i] === undefined) {
        var enabled = i === scores.length;
        [['规范完成', step.full], ['有失误', Math.round(step.full / 2)]].forEach(function (choice, k) {
          var b = document.createElement('button');
          b.textContent = choice[0];
          b.className = k ? 'secondary' : '';
          b.disabled = !enabled;
          b.onclick = function () { scores[i] = choice[1]; renderSteps(); };
          li.appendChild(b);
        });
      } else {
        li.className = 'done';
        var r = document.createElement('span');
        r.className = 'result';
        r.textContent = '得分 ' + scores[i];
        li.appendChild(r);
      }
      list.appendChild(li);
    });
    $('submit').disabled = !session || scores.length < STEPS.length;
  }

  function snapshot(total) {
    // Courses whose score detail is a list of images (result_detail = images) get a rendered score sheet.
    var canvas = document.createElement('canvas');
    canvas.width = 480; canvas.height = 270;
    var g = canvas.getContext('2d');
    g.fillStyle = '#17345c'; g.fillRect(0, 0, 480, 270);
    g.fillStyle = '#ffffff'; g.font = '24px sans-serif';
    g.fillText(session.learn_name.slice(0, 16), 24, 60);
    g.fillText('总分 ' + total, 24, 120);
    return new Promise(function (done) { canvas.toBlob(done, 'image/png'); });
  }

  $('submit').onclick = function () {
    $('submit').disabled = true;
    var total = scores.reduce(function (a, b) { return a + b; }, 0);
    var seconds = Math.max(1, Math.round((Date.now() - started) / 1000));
    var form = new FormData();
    form.append('token', token);
    form.append('total_score', String(total));
    form.append('total_time', String(seconds));
    form.append('subhead', '考核模式');
    form.append('subtitle', '演示仿真');
    form.append('evaluate', total >= 90 ? '操作规范，步骤完整。' : '部分步骤有失误，请注意操作规范。');
    var rows = [['序号', '考核项目', '满分', '得分']].concat(STEPS.map(function (s, i) { return [i + 1, s.name, s.full, scores[i]]; }));
    var ready = session.result_detail === 'images'
      ? snapshot(total).then(function (blob) { form.append('images', blob, 'score.png'); })
      : Promise.resolve(form.append('detail', JSON.stringify(rows)));
    ready.then(function () { return post('sim/result', form); }).then(function (reply) {
      show('ok', '成绩已提交：' + total + ' 分（记录号 ' + reply.data.id + '）。可以关闭本页面，回到平台查看成绩。');
      document.body.setAttribute('data-result-id', String(reply.data.id));
    }).catch(function (e) {
      show('error', '成绩提交失败：' + e.message);
      $('submit').disabled = false;
    });
  };

  var body = new URLSearchParams({ token: token });
  post('sim/session', body).then(function (reply) {
    session = reply.data;
    // Step names registered for the course (admin console): 100 points shared out evenly, the last step the rest.
    if (session.steps && session.steps.length) {
      var each = Math.floor(100 / session.steps.length);
      STEPS = session.steps.map(function (name, i) { return { name: name, full: i === session.steps.length - 1 ? 100 - each * i : each }; });
    }
    $('title').textContent = session.learn_name;
    $('who').textContent = '学员：' + (session.realname || session.username) + '　·　请依次完成以下步骤后提交成绩';
    renderSteps();
  }).catch(function (e) {
    $('who').textContent = '';
    show('error', e.message);
  });
  renderSteps();
})();
