// Generated from schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 打开“我的消息”对话框的页面，没有参数。
 */
export interface ChatLauncherProps {}
