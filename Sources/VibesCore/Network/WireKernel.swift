// The network-error kind and the App Store Connect models are the shared kernel's (VibesWire, which VibesServices
// uses too): one definition on both sides, nothing to map. Re-exported so every importer of VibesCore sees them.
@_exported import VibesWire
