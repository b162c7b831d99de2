// Generated from schema.json by npm run config:schema — edit the schema, not this file.

export interface LandingProps {
  title: string;
  subtitle?: string;
  schoolLink?: Link;
  /**
   * @minItems 5
   * @maxItems 5
   */
  nav: string[];
  overview: {
    heading: string;
    text: string;
  };
  gallery: {
    filters: {
      key: string;
      label: string;
    }[];
    images: {
      src: string;
      caption: string;
      category: string;
    }[];
  };
  audience: {
    heading: string;
    items: {
      title: string;
      text: string;
    }[];
  };
  videos: {
    heading: string;
    items: {
      title: string;
      src: string;
      poster?: string;
    }[];
  };
  /**
   * 地址、邮箱、电话只显示填写了的；各校在 config/schools/<学校ID>.yaml 的 screens.landing.props.contact 下填写本校的联系方式。
   */
  contact: {
    heading: string;
    address?: string;
    email?: string;
    phone?: string;
    /**
     * 联系方式前的一句话；可用模板 ${school.school_name}。
     */
    text?: string;
  };
  /**
   * 可用模板 ${school.school_name}。
   */
  copyright: string;
  studentEntry: string;
  reviewerEntry: string;
  reviewerUserId: number;
  app: LandingApp;
  notice: {
    title: string;
    text: string;
    link: Link;
  };
}
export interface Link {
  label: string;
  url: string;
}
export interface LandingApp {
  url: string;
  constant: number | string;
}
