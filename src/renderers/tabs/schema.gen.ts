// Generated from schema.json by npm run config:schema — edit the schema, not this file.

/**
 * Tabs whose panels are other screens, embedded by screen id. A tab whose screen is not configured shows a placeholder. The chosen tab is kept in the query parameter `param` so it survives reloads and can be linked.
 */
export interface TabsProps {
  /**
   * @minItems 1
   */
  tabs: TabItem[];
  /**
   * Query parameter that holds the chosen tab. Default tab.
   */
  param?: string;
  /**
   * Text shown when a tab's screen is missing. Default 该功能暂未开放.
   */
  placeholder?: string;
}
export interface TabItem {
  /**
   * Value of the query parameter for this tab.
   */
  key: string;
  /**
   * Tab title.
   */
  label: string;
  /**
   * Id of the screen shown in the panel (file name in config/screens).
   */
  screen: string;
}
