// Reads a systemd service unit (deploy/vsim@.service) the way systemd would start it, so a test can start the node
// exactly as the unit says: its ExecStart, WorkingDirectory and Environment= lines, with %i the instance name.
import fs from 'node:fs';

export interface UnitService {
  command: string;
  args: string[];
  workingDirectory: string | null;
  environment: Record<string, string>;
  environmentFiles: string[];
}

export function readServiceUnit(file: string, instance: string): UnitService {
  const service: UnitService = { command: '', args: [], workingDirectory: null, environment: {}, environmentFiles: [] };
  let section = '';
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    if (section !== 'Service') continue;
    const at = line.indexOf('=');
    const key = line.slice(0, at);
    const value = line.slice(at + 1).replaceAll('%i', instance);
    if (key === 'ExecStart') [service.command, ...service.args] = value.split(/\s+/);
    else if (key === 'WorkingDirectory') service.workingDirectory = value;
    else if (key === 'EnvironmentFile') service.environmentFiles.push(value.replace(/^-/, ''));
    else if (key === 'Environment') {
      const eq = value.indexOf('=');
      service.environment[value.slice(0, eq)] = value.slice(eq + 1);
    }
  }
  if (!service.command) throw new Error(`${file}: no ExecStart`);
  return service;
}
