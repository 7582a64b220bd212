/** The router benchmark: added latency, throughput, time to first token and stream memory, beside Portkey. */
package dev.quintet.bench.router;
