/** The console calling a service's public API for the person logged in. */
package dev.quintet.console.calls;
