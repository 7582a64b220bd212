/** A device simulator for demos, tests and benchmarks: {@code quintet.jar devices simulate}. */
package dev.quintet.devices.simulator;
