// Generated from config/schema/app.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 所有学校共用的外壳配置：顶部标签、用户菜单、主题、缩放、首页等。学校文件可以用 app: 打补丁。
 */
export interface AppConfig {
  /**
   * 页头中的导航标签，按顺序显示。
   */
  tabs: {
    label: string;
    /**
     * 以 / 开头的 hash 路由。
     */
    path: string;
    /**
     * 该页面不存在时隐藏此标签。
     */
    screen?: string;
  }[];
  /**
   * 点击头像后弹出的菜单项：跳转到 path，或执行 action。
   */
  userMenu?: {
    label: string;
    path?: string;
    /**
     * theme = 打开主题设置，logout = 退出登录，messages = 打开“我的消息”对话框。
     */
    action?: 'theme' | 'logout' | 'messages';
    /**
     * 该页面不存在时隐藏此菜单项。
     */
    screen?: string;
    icon?: string;
  }[];
  themes: {
    default: number;
    /**
     * @minItems 1
     */
    options: {
      id: number;
      name: string;
      /**
       * 形如 #1677ff 的颜色值。
       */
      primary: string;
      header?: string;
      headerText?: string;
      page?: string;
    }[];
  };
  /**
   * 按设计稿宽度等比缩放根字号；不写的项用默认值（1920 像素宽、16 像素、最多 2 倍、不设下限）。
   */
  scaling?: {
    designWidth?: number;
    baseFontSize?: number;
    minScale?: number;
    maxScale?: number;
  };
  /**
   * 登录后进入的页面。
   */
  home: string;
  loginPath: string;
  /**
   * 管理员设置的密码（重置、导入）须先修改：学生登录后的任何页面都先转到这里，改好后回到首页。不写则不强制。
   */
  changePasswordPath?: string;
  /**
   * 手机、平板浏览器访问任何页面都会被带到这里；不写则不跳转。
   */
  mobilePage?: string;
  /**
   * 轮询的间隔（毫秒）。
   */
  polling?: {
    /**
     * “我的消息”对话框打开时刷新会话的间隔，默认 3000。
     */
    chat?: number;
    /**
     * 未读消息与通知数的刷新间隔，默认 10000。
     */
    unread?: number;
    newWork?: NewWorkPolling;
  };
  /**
   * 账号安全、消息长度、PDF字体、上传文件等限制（docs/security.md）；不写的项用默认值。
   */
  limits?: {
    /**
     * 短信验证码、图形验证码和登录的频率限制（docs/security.md）；不写的项用默认值。
     */
    accounts?: {
      sms?: SmsRules;
      smsPerIp?: LimitRule;
      captchaPerIp?: LimitRule;
      login?: LimitRule;
      loginPerIp?: LimitRule;
      loginPerIpFailures?: LimitRule;
      captchaAfterFailures?: number;
    };
    /**
     * 学生提问和老师回复、通知的最长字数，服务端和“我的消息”输入框都按它限制；默认 500。
     */
    messageLength?: number;
    /**
     * 字体子集在工作线程中生成，相同字符集走缓存；这里限制每次的字符数和每个学生的请求频率。
     */
    pdfFont?: {
      /**
       * 默认 3000；超过时回复 422 和中文提示。
       */
      maxChars?: number;
      perUser?: LimitRule;
    };
    /**
     * 每个账号（学生和老师）的上传频率、尚未提交的文件总大小上限，以及未被使用的文件多久后自动删除。
     */
    uploads?: {
      perUser?: LimitRule;
      /**
       * 默认 41943040（40MB，约两次作业的全部照片再各重拍一遍）；已用在提交、头像等记录里的文件不计入。超过时回复 413 和中文提示，文件不保存。
       */
      quotaBytes?: number;
      /**
       * 默认 24；上传后这么多小时仍没有被任何提交、头像或老师的作业内容用到的文件，由定时清理任务（HOUSEKEEPING_MINUTES）删除。只读 config/app.yaml，不按学校区分。
       */
      orphanGraceHours?: number;
    };
  };
  /**
   * 按班级状态显示的常驻提示（登录后、刷新后都会显示）；{date} 换成试用期日期；不写的状态不提示。
   */
  classNotices?: {
    /**
     * 例如 您所在班级的试用期将于{date}结束，如需延期请联系管理员。
     */
    probation?: string;
    expired?: string;
    pending?: string;
    rejected?: string;
    /**
     * 班级申请被驳回且管理员写了原因时，另外显示的一条提示；{reason} 换成驳回原因。
     */
    rejectedReason?: string;
  };
  /**
   * 页面 layout 可以引用的外壳（学生端的 shell 之外），例如教师端 staff、管理后台 admin 与 platform：侧边导航、首页、登录页、可进入的账号角色。
   */
  layouts?: {
    [k: string]: LayoutSettings;
  };
  /**
   * 内容安全策略（Content-Security-Policy）允许的本站以外的来源（docs/security.md）。配置里写的外站图片、视频地址会自动加入，这里只写其余的，例如仿真厂商嵌入的页面。
   */
  security?: {
    /**
     * 按指令列出来源（https:// 开头的站点），例如 frame-src: [https://sim.vendor.example]。
     */
    contentSources?: {
      'img-src'?: string[];
      'media-src'?: string[];
      'frame-src'?: string[];
      'connect-src'?: string[];
      'font-src'?: string[];
    };
  };
}
/**
 * 登录后先读一次各来源的总数，之后每 interval 毫秒读一次；总数变大时弹出常驻提醒。
 */
export interface NewWorkPolling {
  /**
   * 规格为 60000。
   */
  interval: number;
  sources: NewWorkSource[];
}
export interface NewWorkSource {
  /**
   * config/endpoints.yaml 中的接口，例如 assign/gettasklist。
   */
  endpoint: string;
  /**
   * 回复 data 中总数的路径，例如 list.total。
   */
  total: string;
  message: string;
  path: string;
  /**
   * 默认 去查看。
   */
  link?: string;
}
export interface SmsRules {
  codeTtlSeconds: number;
  resendSeconds: number;
  maxAttempts: number;
}
/**
 * 窗口内最多 limit 次；超过的那一次被拒绝，并封锁 blockSeconds 秒。
 */
export interface LimitRule {
  limit: number;
  windowSeconds: number;
  blockSeconds: number;
}
export interface LayoutSettings {
  /**
   * 侧边栏顶部的名称，例如 教师工作台。
   */
  title?: string;
  /**
   * 这个外壳由哪个已有外壳绘制，例如 staff（侧边导航）；管理后台 admin、platform 就沿用教师端的 staff。
   */
  frame?: string;
  /**
   * false：页头不显示站点学校的名称和标志，只显示外壳标题（平台管理不属于某一所学校）。默认 true。
   */
  school?: boolean;
  /**
   * 只有该角色的账号能进入这个外壳的页面。
   */
  role?: 'student' | 'teacher' | 'admin' | 'platform';
  home: string;
  loginPath: string;
  /**
   * 管理员设置的密码（重置、导入、新建）须先修改：这个外壳的任何页面都先转到这里，改好后回到首页。不写则不强制（服务端仍拒绝其他接口）。
   */
  changePasswordPath?: string;
  nav: {
    label: string;
    path: string;
    /**
     * 页面尚未配置时该项显示为不可用。
     */
    screen?: string;
  }[];
}
