/** Commands to devices: persisted, sent when the device is connected, tracked to a final state. */
package dev.quintet.devices.commands;
