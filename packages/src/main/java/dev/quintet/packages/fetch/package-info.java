/** Fetch-on-demand with a PostgreSQL cache: freshness, conditional requests, single-flight and stale serving. */
package dev.quintet.packages.fetch;
