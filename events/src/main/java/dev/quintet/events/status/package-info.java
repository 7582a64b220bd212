/** Status over time: published events move live, started, ended, completed as the injected clock passes. */
package dev.quintet.events.status;
