/** The events commands of {@code quintet.jar}: {@code events seed}. */
package dev.quintet.events.cli;
