/** Upstream providers: which are known, which are configured, and how to reach them. */
package dev.quintet.router.providers;
