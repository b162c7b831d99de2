// Generated from config/schema/screen.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 一个文件描述一个页面，文件名（不含 .yaml）就是页面 id。
 */
export interface ScreenFile {
  /**
   * 页面的 hash 路由，以 / 开头，例如 /ucenter/practiceList。
   */
  route: string;
  /**
   * 为 true 时未登录访问会跳转到登录页。
   */
  auth?: boolean;
  /**
   * 为 true 时切换标签后返回，页面保留原来的筛选和分页。
   */
  keepAlive?: boolean;
  /**
   * 显示在浏览器标题栏和页面顶部。
   */
  title?: string;
  /**
   * 详情页所属的列表页（config/screens 下的文件名，如 practices）。页面顶部显示“上级页面 / 本页标题”的路径，点击上级页面返回；页头标签和侧边导航中上级页面所在的项保持选中。上级页面的路由不能带参数。
   */
  parent?: string;
  /**
   * 为 false 时页面顶部不显示标题和路径（页面自己有醒目的标题时，如登录页、答题页），只留给读屏软件。
   */
  heading?: boolean;
  /**
   * 渲染器名称（在注册表中登记的 type，如 cards、table、form）。
   */
  type: string;
  /**
   * 交给渲染器的参数，由该渲染器自己的参数 Schema 校验。
   */
  props?: Record<string, unknown>;
  /**
   * shell（默认）= 学生端页头页脚；bare = 整页显示（如登录页、移动端提示页）；其他名称 = config/app.yaml 中 layouts 下的外壳，例如 staff（教师端侧边导航）。
   */
  layout?: string;
  /**
   * 只有该角色的账号可以打开；其他账号被带到该页面布局的登录页。
   */
  role?: 'student' | 'teacher' | 'admin' | 'platform';
}
