/** Datastream values: latest reported and desired values, their delivery to devices, and history. */
package dev.quintet.devices.values;
