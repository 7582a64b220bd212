/** The Blynk-style device HTTP API under {@code /external/api}, for devices without MQTT; the token is a parameter. */
package dev.quintet.devices.http;
