/** YAML props of `type: landing-page` (config/screens/landing.yaml); schema in ./schema.json. */
export interface LandingProps {
  title: string;
  subtitle?: string;
  schoolLink?: { label: string; url: string };
  nav: string[];
  overview: { heading: string; text: string };
  gallery: { filters: { key: string; label: string }[]; images: { src: string; caption: string; category: string }[] };
  audience: { heading: string; items: { title: string; text: string }[] };
  videos: { heading: string; items: { title: string; src: string; poster?: string }[] };
  contact: { heading: string; address: string; email: string; phone: string };
  copyright: string;
  studentEntry: string;
  reviewerEntry: string;
  reviewerUserId: number;
  app: { url: string; constant: number | string };
  notice: { title: string; text: string; link: { label: string; url: string } };
}
