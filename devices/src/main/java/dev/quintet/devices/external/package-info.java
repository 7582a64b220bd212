/** The device service as a client of an external MQTT broker (cluster), sharing device traffic with other nodes. */
package dev.quintet.devices.external;
