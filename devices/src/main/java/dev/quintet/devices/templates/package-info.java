/** Device templates and their datastreams (virtual pins V0..V255), with the rules values must follow. */
package dev.quintet.devices.templates;
