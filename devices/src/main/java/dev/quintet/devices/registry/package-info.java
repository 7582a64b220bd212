/** The device registry: devices, their tokens and their online status. */
package dev.quintet.devices.registry;
