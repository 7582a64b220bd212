/** Test fixtures: the devices app on a test platform, and an MQTT device made with Eclipse Paho. */
package dev.quintet.devices.testing;
