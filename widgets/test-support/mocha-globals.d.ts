// The Mocha globals the widget browser tests use (@web/test-runner runs Mocha in the page).
declare function describe(name: string, body: () => void): void;
declare const it: {
  (name: string, body: () => Promise<void> | void): void;
  skip(name: string, body: () => Promise<void> | void): void;
};
declare function before(body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;
