import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { MachineName } from '@machines/index';

/** The repository root: paths below are relative to it. */
export const ROOT = resolve(import.meta.dirname, '../../../..');

const ALIASES: Record<string, string> = {
  '@contract': 'src/contract',
  '@machines': 'machines',
  '@web': 'src/web',
  '@server': 'src/server',
  '@tests': 'tests',
};

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** A module specifier of `from` as a repository file, or null (a package, a stylesheet). */
const resolveImport = (from: string, specifier: string): string | null => {
  const alias = Object.keys(ALIASES).find((a) => specifier === a || specifier.startsWith(`${a}/`));
  const base = alias
    ? join(ALIASES[alias] ?? '', specifier.slice(alias.length))
    : specifier.startsWith('.')
      ? join(dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const extension of EXTENSIONS) {
    const file = `${base}${extension}`;
    if (existsSync(join(ROOT, file)) && statSync(join(ROOT, file)).isFile()) return file;
  }
  return null;
};

// `import x from '…'`, `export … from '…'` and `import('…')`, then the same with `import type`.
const IMPORT =
  /(?:import|export)\s+(?!type\s)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const ANY_IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * The repository files a source file imports (statically or lazily). With `types`, type-only
 * imports too: a view that renders a machine's snapshot imports only its types, but names no
 * code to run (the machines a page runs follow code alone).
 */
export const importsOf = (file: string, { types = false } = {}): string[] => {
  const source = readFileSync(join(ROOT, file), 'utf8');
  return [...source.matchAll(types ? ANY_IMPORT : IMPORT)]
    .map((m) => resolveImport(file, m[1] ?? m[2] ?? ''))
    .filter((f): f is string => f !== null && /\.tsx?$/.test(f));
};

const machineOf = (file: string): MachineName | null =>
  (/^machines\/(.+)\.machine\.ts$/.exec(file)?.[1] as MachineName | undefined) ?? null;

/** The shell around every page (header with 登录 | 注册, the login dialog): a row of its own. */
const SHELL = 'src/web/features/shell/';
const ROOT_ROUTE = 'src/web/routes/__root.tsx';

/** Not followed: each leads to every page (the registry, the route tree, other routes, the shell). */
const beyondThePage = (file: string) =>
  file === 'machines/index.ts' ||
  file === 'src/web/route-tree.gen.ts' ||
  file === 'src/web/router.ts' ||
  file.startsWith('src/web/routes/') ||
  file.startsWith(SHELL);

/** The files `file`'s code reaches, not past `beyondThePage` (the shell only from the root route). */
const reached = (file: string): string[] => {
  const seen = new Set<string>([file]);
  const queue = [file];
  const fromShell = file === ROOT_ROUTE;
  while (queue.length > 0) {
    const current = queue.shift() as string;
    for (const next of importsOf(current)) {
      if (seen.has(next) || (beyondThePage(next) && !(fromShell && next.startsWith(SHELL)))) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return [...seen];
};

const machinesIn = (files: string[]) => files.map(machineOf).filter((m): m is MachineName => m !== null);

/**
 * The machines a file runs: every machine module its code reaches, the page's own flow first (the
 * one that brings the most others with it: checkout, payment…), then the ones it invokes.
 */
export const machinesReached = (file: string): MachineName[] => {
  const machines = machinesIn(reached(file));
  const brings = new Map(machines.map((m) => [m, machinesIn(reached(`machines/${m}.machine.ts`)).length]));
  return machines.sort((a, b) => (brings.get(b) ?? 0) - (brings.get(a) ?? 0) || a.localeCompare(b));
};

export interface RouteFlows {
  /** '/ceremonyDetail' on the site, 'console /orders/$no' in the staff console. */
  route: string;
  /** The page's title as the route names it (staticData.title), when it has one. */
  title: string;
  file: string;
  machines: MachineName[];
}

const walkFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(join(ROOT, path)).isDirectory() ? walkFiles(path) : [path];
  });

/** Every route of the site (src/web/routes) and of the console (its router), with the machines it runs. */
export const routeFlows = (): RouteFlows[] => {
  const site = readdirSync(join(ROOT, 'src/web/routes'))
    .filter((name) => name !== '__root.tsx')
    .map((name) => {
      const file = `src/web/routes/${name}`;
      const source = readFileSync(join(ROOT, file), 'utf8');
      return {
        route: /createFileRoute\('([^']+)'\)/.exec(source)?.[1] ?? name,
        title: /staticData:\s*{\s*title:\s*'([^']+)'/.exec(source)?.[1] ?? '',
        file,
        machines: machinesReached(file),
      };
    });
  // The console's screens are written once in console-screens.ts (key → path); its router makes a
  // route of each key with the page it loads.
  const consoleRouter = 'src/web/admin/router.tsx';
  const screenPaths = new Map(
    [
      ...readFileSync(join(ROOT, 'src/web/admin/console-screens.ts'), 'utf8').matchAll(
        /^\s*(\w+): \{ path: '([^']+)'/gm,
      ),
    ].map(([, key = '', path = '']) => [key, path]),
  );
  const consoleRoutes = [
    ...readFileSync(join(ROOT, consoleRouter), 'utf8').matchAll(
      /screen\(\s*S\.(\w+),\s*\(\)\s*=>\s*import\('([^']+)'\)/g,
    ),
  ].map(([, key = '', specifier = '']) => {
    const file = resolveImport(consoleRouter, specifier) ?? specifier;
    return {
      route: `console ${screenPaths.get(key) ?? key}`,
      title: '',
      file,
      machines: machinesReached(file),
    };
  });
  const shell = {
    route: 'every page (the shell)',
    title: '页头 登录 | 注册',
    file: ROOT_ROUTE,
    machines: machinesReached(ROOT_ROUTE),
  };
  return [shell, ...[...site, ...consoleRoutes].sort((a, b) => a.route.localeCompare(b.route))];
};

/**
 * What the import graph cannot tell: the server's handlers and tests of each flow (they speak to
 * it over HTTP) and its browser tests. The atlas check fails when a file here no longer exists.
 */
export const SERVER_SIDE: Record<MachineName, { services: string[]; tests: string[] }> = {
  'sms-countdown': {
    services: ['src/server/routes/auth.ts', 'src/server/services/auth.ts'],
    tests: ['tests/server/auth.test.ts', 'tests/server/rate-limits.test.ts', 'tests/e2e/auth.spec.ts'],
  },
  'auth-dialog': {
    services: ['src/server/routes/auth.ts', 'src/server/services/auth.ts'],
    tests: ['tests/server/auth.test.ts', 'tests/e2e/auth.spec.ts'],
  },
  payment: {
    services: [
      'src/server/routes/pay.ts',
      'src/server/services/payments.ts',
      'src/server/services/reconciliation.ts',
      'src/server/routes/sandbox.ts',
    ],
    tests: [
      'tests/server/payment-poll.test.ts',
      'tests/server/sandbox-confirm.test.ts',
      'tests/server/sandbox-phone.test.ts',
      'tests/server/wechat-pay.test.ts',
      'tests/server/payment-attempts.test.ts',
      'tests/server/wechat-phone-channels.test.ts',
      'tests/e2e/phone-wechat.spec.ts',
    ],
  },
  checkout: {
    services: [
      'src/server/routes/pay.ts',
      'src/server/services/orders.ts',
      'src/server/services/order-kinds.ts',
    ],
    tests: ['tests/server/order-core.test.ts', 'tests/server/order-resume.test.ts'],
  },
  'merit-order': {
    services: ['src/server/routes/merit.ts', 'src/server/services/merit.ts'],
    tests: ['tests/server/merit-orders.test.ts', 'tests/e2e/merit.spec.ts'],
  },
  'membership-join': {
    services: [
      'src/server/routes/membership.ts',
      'src/server/services/membership.ts',
      'src/server/services/membership-order-kind.ts',
    ],
    tests: ['tests/server/membership.test.ts', 'tests/e2e/membership.spec.ts'],
  },
  'membership-renewal': {
    services: ['src/server/routes/membership.ts', 'src/server/services/renewal-order-kind.ts'],
    tests: ['tests/server/membership.test.ts', 'tests/e2e/membership.spec.ts'],
  },
  'proxy-renewal': {
    services: ['src/server/routes/membership.ts', 'src/server/services/renewal-order-kind.ts'],
    tests: ['tests/server/membership.test.ts', 'tests/e2e/membership.spec.ts'],
  },
  'memorial-entry': {
    services: ['src/server/services/assembly-order-kind.ts', 'src/server/services/ceremony-order-kind.ts'],
    tests: ['tests/server/assembly.test.ts', 'tests/server/ceremony.test.ts'],
  },
  order: {
    services: ['src/server/services/order-lifecycle.ts', 'src/server/services/orders.ts'],
    tests: ['tests/server/order-core.test.ts', 'tests/server/payment-notification.test.ts'],
  },
  'counter-payment': {
    services: ['src/server/routes/console/orders.ts', 'src/server/services/staff/order-desk.ts'],
    tests: [
      'tests/server/console-orders.test.ts',
      'tests/server/console-record-payment-race.test.ts',
      'tests/e2e/console.spec.ts',
    ],
  },
  'refund-confirmation': {
    services: ['src/server/routes/console/refunds.ts', 'src/server/services/staff/refund-desk.ts'],
    tests: ['tests/server/console-refunds.test.ts', 'tests/e2e/console.spec.ts'],
  },
  'enshrinement-renewal': {
    services: ['src/server/routes/believer.ts', 'src/server/services/renewal-order-kind.ts'],
    tests: ['tests/server/user-center.test.ts', 'tests/e2e/user-centre.spec.ts'],
  },
  'assembly-order': {
    services: [
      'src/server/routes/assembly.ts',
      'src/server/services/assembly.ts',
      'src/server/services/assembly-order-kind.ts',
    ],
    tests: ['tests/server/assembly.test.ts', 'tests/e2e/assembly.spec.ts'],
  },
  'ceremony-booking': {
    services: [
      'src/server/routes/ceremony.ts',
      'src/server/services/ceremony.ts',
      'src/server/services/ceremony-order-kind.ts',
    ],
    tests: ['tests/server/ceremony.test.ts', 'tests/e2e/ceremony.spec.ts'],
  },
  'seat-selection': {
    services: ['src/server/services/seats.ts'],
    tests: ['tests/server/seats.test.ts', 'tests/server/seat-status.test.ts'],
  },
  'statue-order': {
    services: [
      'src/server/routes/statue.ts',
      'src/server/services/statue.ts',
      'src/server/services/statue-order-kind.ts',
    ],
    tests: ['tests/server/seats.test.ts', 'tests/server/physical-niches.test.ts', 'tests/e2e/statue.spec.ts'],
  },
  'tablet-booking': {
    services: [
      'src/server/routes/tablet.ts',
      'src/server/services/tablet.ts',
      'src/server/services/tablet-order-kind.ts',
    ],
    tests: ['tests/server/seats.test.ts', 'tests/server/holds-place.test.ts', 'tests/e2e/tablet.spec.ts'],
  },
  'photo-upload': {
    services: ['src/server/routes/photo.ts', 'src/server/services/photos.ts'],
    tests: ['tests/server/photo-upload.test.ts', 'tests/server/photo-ownership.test.ts'],
  },
  'volunteer-application': {
    services: ['src/server/routes/volunteer.ts', 'src/server/services/volunteer.ts'],
    tests: ['tests/server/volunteer.test.ts', 'tests/e2e/volunteer.spec.ts'],
  },
  'volunteer-review': {
    services: ['src/server/routes/console/volunteers.ts', 'src/server/services/staff/volunteer-desk.ts'],
    tests: ['tests/server/console-volunteers.test.ts', 'tests/e2e/console.spec.ts'],
  },
  'wechat-binding': {
    services: ['src/server/routes/wechat-login.ts', 'src/server/services/wechat-login.ts'],
    tests: ['tests/server/wechat-login.test.ts', 'tests/e2e/phone-wechat.spec.ts'],
  },
};

export interface MachineFiles {
  machine: string;
  /** The site's files that run it or render its snapshot, and the pages beside them that use those. */
  views: string[];
  /** The contract modules the machine reads. */
  contract: string[];
  services: string[];
  /** Its tests: those naming it (machine, flow adapter, paths, journeys, fixtures) and the server's. */
  tests: string[];
}

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** Where a machine's code and tests are, found from the import graph and the names. */
export const machineFiles = (name: MachineName): MachineFiles => {
  const machine = `machines/${name}.machine.ts`;
  const web = walkFiles('src/web').filter((f) => /\.tsx?$/.test(f));
  const direct = web.filter((f) => importsOf(f, { types: true }).includes(machine));
  // And the page beside them that renders them (ceremony-detail-page.tsx uses the actor's hook).
  const views = web.filter(
    (f) => direct.includes(f) || importsOf(f).some((i) => direct.includes(i) && dirname(i) === dirname(f)),
  );
  const contract = [
    ...new Set(importsOf(machine, { types: true }).filter((f) => f.startsWith('src/contract/'))),
  ];
  // findMachine('ceremony-booking'), './ceremony-booking.flow', ceremonyBookingMachine, ceremonyBookingView…
  const mentions = new RegExp(
    `\\(\\s*'${name}'|/${name}\\.(flow|machine)'|\\b${camel(name)}(Machine|View|Events)\\b`,
  );
  const named = walkFiles('tests')
    // The registries name every machine: they are no one flow's.
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('tests/support/statecharts/'))
    .filter((f) => f.includes(`/${name}.`) || mentions.test(readFileSync(join(ROOT, f), 'utf8')));
  const { services, tests } = SERVER_SIDE[name];
  return { machine, views, contract, services, tests: [...new Set([...named, ...tests])].sort() };
};
