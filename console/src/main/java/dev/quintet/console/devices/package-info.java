/** The console's devices pages: live status, latest values, history, writes, commands and device tokens. */
package dev.quintet.console.devices;
