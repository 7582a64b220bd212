/** Per-device message rate limits for MQTT and the device HTTP API. */
package dev.quintet.devices.limits;
