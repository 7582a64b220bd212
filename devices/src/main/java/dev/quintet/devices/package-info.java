/** IoT device control (S2): devices over MQTT and HTTP, apps over HTTP. */
package dev.quintet.devices;
