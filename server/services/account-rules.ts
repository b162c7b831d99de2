/**
 * The rules an administrator's student or teacher account follows, shared by the console's forms and the spreadsheet
 * import: a username of 4–20 letters or digits (the student login's rule, spec §5), a mainland mobile number, and an
 * initial password of 6–16 letters or digits (what the student's 修改密码 page accepts) with both letters and digits.
 */
export const ACCOUNT_RULES = {
  username: /^[A-Za-z0-9]{4,20}$/,
  usernameMessage: '账号须为 4–20 位字母或数字',
  mobile: /^1\d{10}$/,
  mobileMessage: '手机号格式不正确（应为 11 位，以 1 开头）',
  passwordMessage: '密码须为 6–16 位字母和数字，且同时包含字母和数字',
  realnameMax: 20,
};

export function accountPasswordProblem(password: string): string | null {
  return /^[A-Za-z0-9]{6,16}$/.test(password) && /[A-Za-z]/.test(password) && /\d/.test(password) ? null : ACCOUNT_RULES.passwordMessage;
}

const LETTERS = 'abcdefghjkmnpqrstuvwxyz';
const DIGITS = '23456789';

/** A generated initial password: 10 characters (≈ 50 bits), letters and digits, none that read alike (l/1, o/0). */
export function initialPassword(random: (n: number) => number): string {
  const all = LETTERS + DIGITS;
  const chars = [LETTERS[random(LETTERS.length)], DIGITS[random(DIGITS.length)], ...Array.from({ length: 8 }, () => all[random(all.length)])];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
