// @vitest-environment jsdom
// The registry the browser renders from and the props schemas the config checker validates with name the same
// screen types: a schema without a renderer would pass config:check and then fail for students; a renderer
// without a schema would take YAML nobody checks (and could not be registered: register() is typed by schema).
import './setup-dom';
import { describe, expect, it } from 'vitest';
import { registeredTypes } from '../../src/engine/registry';
import { propsSchemas } from '../../src/propsSchemas';
import { themeWidgets } from '../../src/renderers/form/widgets';
import '../../src/renderers';
import '../../src/custom';

describe('screen types', () => {
  it('are the same in the renderer registry and in the props schemas', () => {
    expect(registeredTypes()).toEqual(Object.keys(propsSchemas).sort());
    expect(registeredTypes()).toContain('stats');
  });

  it("come with the login and profile forms' widgets in the form theme, under the names their YAML uiSchemas use", () => {
    for (const name of ['captcha', 'mobile', 'smsCode', 'agreement', 'hintedPassword', 'org']) expect(themeWidgets[name], name).toBeTypeOf('function');
  });
});
