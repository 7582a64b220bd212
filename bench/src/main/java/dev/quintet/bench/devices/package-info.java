/** {@code ./quintet bench devices}: telemetry throughput, command round trips, idle connections, and Mosquitto as reference. */
package dev.quintet.bench.devices;
