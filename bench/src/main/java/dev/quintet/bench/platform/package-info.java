/** The platform benchmark: what key authentication and quotas cost one endpoint. */
package dev.quintet.bench.platform;
