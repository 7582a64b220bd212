/** The events benchmark: seeding, search latency and refresh-token grants per second, through real HTTP. */
package dev.quintet.bench.events;
