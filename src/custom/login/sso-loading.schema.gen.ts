// Generated from sso-loading.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 显示“页面跳转中...”，用地址中的参数换取登录，然后进入目标页。
 */
export interface SsoLoadingProps {
  /**
   * config/endpoints.yaml 中的调用名，整段查询参数作为参数发送，例如 user/third_plat、other/jsxngx。
   */
  exchange: string;
  /**
   * 模板中可用 params（路由参数）和 query，例如 /courses/${params.detailId}/details-introduce。默认为首页。
   */
  redirect?: string;
  /**
   * 默认 页面跳转中...
   */
  text?: string;
  /**
   * 换取登录失败时代替等待文字显示（下方是原因、“重试”和去登录页的按钮）。默认 登录失败
   */
  failed?: string;
  /**
   * 失败时显示，打开账号登录页。默认 去登录页
   */
  toLogin?: string;
}
