/** Whether devices are online: MQTT sessions, device HTTP calls, and the heartbeat timeout that ends silent ones. */
package dev.quintet.devices.presence;
