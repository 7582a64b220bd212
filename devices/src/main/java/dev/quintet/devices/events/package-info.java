/** A device's events: codes it logs itself and system events such as online, offline and clamped-value. */
package dev.quintet.devices.events;
