/** Relaying server-sent events from an upstream to the caller: hold-back, keep-alives, usage and cancellation. */
package dev.quintet.router.stream;
