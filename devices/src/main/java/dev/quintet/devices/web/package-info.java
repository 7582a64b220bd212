/** The app API under {@code /api/v1}: templates, devices, values, history, commands and events, per account. */
package dev.quintet.devices.web;
