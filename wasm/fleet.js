// @echomq/branded/fleet: fleet forensics over ids in log order (core's fleet.hpp, the checks the CLI's --check
// runs) in a module of its own (lib/subpath-module.js).
import createFleetModule from './dist/branded-fleet-wasm.js';
import binary from './dist/branded-fleet-binary.js';
import { fleetApi } from './lib/fleet.js';
import { loadSubpathModule } from './lib/subpath-module.js';

const fleet = loadSubpathModule('fleet', createFleetModule, binary, fleetApi);
/** Resolves once the module is instantiated; rejects with the reason it could not load. */
export const ready = fleet.ready;

/**
 * What a fleet's ids in log order show (core's checks, as `branded scan --check`): the findings, each with its
 * rows and core's words; none for a clean log.
 */
export const fleetCheck = (columns) => fleet.loaded().fleetCheck(columns);
