// The console's pager lives in the shell now; this name goes once 到寺付款 imports it from there.
export { ConsolePager as Pager } from '../../shell/console-pager';
