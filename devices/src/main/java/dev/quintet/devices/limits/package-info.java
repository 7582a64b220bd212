/**
 * Per-device message rate limits for MQTT and the device HTTP API: token buckets in memory, or in Redis when the
 * platform has one, so that all nodes share each device's bucket.
 */
package dev.quintet.devices.limits;
