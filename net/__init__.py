"""Rooms over the network: the protocol, the room server (asyncio + websockets), the client connection the frame loop
drives without blocking, LAN discovery and hosting a server beside the game (docs/network.md).

The floor above the rules core: imports `game`, never pygame or `scenes`.
"""
