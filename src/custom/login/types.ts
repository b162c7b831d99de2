/** The login page's panels: 1 account, 2 scan, 3 register, 4 registered, 5 forgot, 6 reset, 7 reset done. */
export type Tab = 1 | 2 | 3 | 4 | 5 | 6 | 7;
