// Generated from config/schema/school.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * default.yaml 是所有学校的起点；<学校ID>.yaml 以 JSON Merge Patch 方式覆盖它（值写 null 表示删除）。
 */
export interface SchoolFile {
  /**
   * 学校名称、标志和页脚。
   */
  branding?: {
    /**
     * 显示在页头和浏览器标题中。
     */
    name?: string;
    /**
     * 图片地址，例如 /assets/seed/logos/school-100002.svg。
     */
    logo?: string;
    productLogo?: {
      default?: string;
      type1?: string;
    };
    footer?: {
      copyright?: string;
      icp?: string;
      security?: {
        text?: string;
        url?: string;
      };
    };
  };
  features?: {
    /**
     * 开启后显示答疑老师与消息入口。
     */
    qaCentre?: boolean;
    /**
     * 省级共享平台等多校站点开启。
     */
    multiSchool?: boolean;
    /**
     * 登录页显示注册入口。
     */
    register?: boolean;
    /**
     * 登录页显示扫码登录。
     */
    scanLogin?: boolean;
    /**
     * 用户菜单显示主题设置。
     */
    themes?: boolean;
  };
  /**
   * 对 config/app.yaml 的 JSON Merge Patch。
   */
  app?: Record<string, unknown>;
  /**
   * 页面 id -> 对 config/screens/<id>.yaml 的 JSON Merge Patch。
   */
  screens?: {
    [k: string]: Record<string, unknown> | null;
  };
}
