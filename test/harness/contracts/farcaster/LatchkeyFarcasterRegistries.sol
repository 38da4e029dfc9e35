// SPDX-License-Identifier: MIT
// Stand-ins for Farcaster's ID and key registries on Optimism, for Latchkey's tests: the read
// functions Sign In With Farcaster checks (custodyOf, idOf, keyDataOf) with the same ABI, and
// open writers the tests call to set an account up. Written from the public ABI only.
pragma solidity ^0.8.28;

/// The ID registry: which address holds each fid (custody).
contract LabIdRegistry {
    mapping(uint256 => address) public custodyOf;
    mapping(address => uint256) public idOf;

    /// Gives `fid` to `custody` (a test's setup: anyone may call it).
    function register(uint256 fid, address custody) external {
        address previous = custodyOf[fid];
        if (previous != address(0)) idOf[previous] = 0;
        custodyOf[fid] = custody;
        idOf[custody] = fid;
    }
}

/// The key registry: keys each fid added (type 1 signers, type 2 auth addresses).
contract LabKeyRegistry {
    /// 0 not registered, 1 added, 2 removed (as the real registry's KeyState).
    struct KeyData {
        uint8 state;
        uint32 keyType;
    }

    mapping(uint256 => mapping(bytes32 => KeyData)) private keys;

    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return keys[fid][keccak256(key)];
    }

    /// Adds `key` of `keyType` for `fid` (a test's setup: anyone may call it).
    function add(uint256 fid, uint32 keyType, bytes calldata key) external {
        keys[fid][keccak256(key)] = KeyData(1, keyType);
    }

    /// Marks `key` of `fid` removed.
    function remove(uint256 fid, bytes calldata key) external {
        keys[fid][keccak256(key)].state = 2;
    }
}
