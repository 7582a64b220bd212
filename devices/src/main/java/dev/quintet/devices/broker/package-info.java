/** The embedded MQTT broker: device-token authentication, per-device topic authorisation, in-process traffic. */
package dev.quintet.devices.broker;
