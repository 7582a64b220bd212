/**
 * Routes what devices send over MQTT to values, their shadow, commands and events, and tracks their online status.
 */
package dev.quintet.devices.traffic;
