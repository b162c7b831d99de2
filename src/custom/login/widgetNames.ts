/** The `ui:widget` names of the login and profile forms' widgets (widgets.tsx), known at start without their code. */
export const loginWidgetNames = ['captcha', 'mobile', 'smsCode', 'agreement', 'hintedPassword', 'org'] as const;
export type LoginWidgetName = (typeof loginWidgetNames)[number];
