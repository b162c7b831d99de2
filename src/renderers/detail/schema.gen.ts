// Generated from schema.json by npm run config:schema — edit the schema, not this file.

export type DetailAction =
  | {
      /**
       * Button text.
       */
      label: string;
      /**
       * Expression; the button shows only when it holds, e.g. features.qaCentre.
       */
      when?: string;
      /**
       * Names of calls in config/endpoints.yaml whose answers this button changes: after its calls succeed they load again wherever they are shown, e.g. [learn/myfavorite].
       */
      invalidates?: string[];
      /**
       * Visitors go to the login page (and back) instead.
       */
      login?: boolean;
      kind: 'toggle';
      /**
       * 0/1 field the call answers with.
       */
      field: string;
      activeLabel: string;
      call: {
        /**
         * Call name in config/endpoints.yaml.
         */
        endpoint: string;
        /**
         * Values or ${...} templates over {user, school, features, query, params, record}.
         */
        params?: {
          [k: string]: string | number | boolean;
        };
      };
    }
  | {
      /**
       * Button text.
       */
      label: string;
      /**
       * Expression; the button shows only when it holds, e.g. features.qaCentre.
       */
      when?: string;
      /**
       * Names of calls in config/endpoints.yaml whose answers this button changes: after its calls succeed they load again wherever they are shown, e.g. [learn/myfavorite].
       */
      invalidates?: string[];
      /**
       * Visitors go to the login page (and back) instead.
       */
      login?: boolean;
      kind: 'launch';
      /**
       * Field holding a reason learning is blocked; shown instead of launching.
       */
      blockedField?: string;
      /**
       * Called in order; the last reply holds the URL.
       *
       * @minItems 1
       */
      calls: {
        /**
         * Call name in config/endpoints.yaml.
         */
        endpoint: string;
        /**
         * Values or ${...} templates over {user, school, features, query, params, record}.
         */
        params?: {
          [k: string]: string | number | boolean;
        };
      }[];
      urlField: string;
    }
  | {
      /**
       * Button text.
       */
      label: string;
      /**
       * Expression; the button shows only when it holds, e.g. features.qaCentre.
       */
      when?: string;
      /**
       * Visitors go to the login page (and back) instead.
       */
      login?: boolean;
      kind: 'files';
      field: string;
      title?: string;
      nameField: string;
      pathField: string;
      /**
       * Message when a download fails.
       */
      failed: string;
      empty?: string;
    }
  | {
      /**
       * Button text.
       */
      label: string;
      /**
       * Expression; the button shows only when it holds, e.g. features.qaCentre.
       */
      when?: string;
      /**
       * Visitors go to the login page (and back) instead.
       */
      login?: boolean;
      kind: 'link';
      path: string;
      query?: {
        [k: string]: string | number | boolean;
      };
    };

/**
 * One record from a source (e.g. learn/detail), laid out by YAML: persistent alerts, a header with title, facts, brief text, tip and action buttons, a gallery of images/videos and tabs of HTML sections (sanitised). Templates may use {user, school, features, query, params (route params), record}.
 */
export interface DetailProps {
  source: {
    endpoint: string;
    /**
     * Values or ${...} templates over {user, school, features, query, params, record}.
     */
    params?: {
      [k: string]: string | number | boolean;
    };
    /**
     * Dotted path of the record inside data; absent = data.
     */
    items?: string;
  };
  /**
   * Fields whose text, when present, shows as a persistent alert above the page.
   */
  alerts?: {
    field: string;
    color?: string;
  }[];
  header: {
    image?: string;
    /**
     * Field of the title.
     */
    title: string;
    meta?: {
      field: string;
      format?: 'text' | 'date' | 'datetime' | 'count';
      icon?: 'clock' | 'users';
      suffix?: string;
      label?: string;
    }[];
    /**
     * Brief text: longer than longerThan characters is cut to cutTo plus an ellipsis.
     */
    brief?: {
      field: string;
      longerThan: number;
      cutTo: number;
    };
    /**
     * Small warning under the buttons.
     */
    tip?: string;
  };
  actions?: DetailAction[];
  gallery?: {
    field: string;
    typeField: string;
    pathField: string;
    titleField?: string;
    posterField?: string;
    /**
     * Value of typeField that means a video. Default video.
     */
    videoType?: string;
  };
  tabs?: {
    field: string;
    titleField: string;
    contentField: string;
    empty?: string;
  };
  notFound?: string;
}
