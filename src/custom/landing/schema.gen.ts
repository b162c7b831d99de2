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
  contact: {
    heading: string;
    address: string;
    email: string;
    phone: string;
  };
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
