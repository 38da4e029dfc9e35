// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

// Latchkey's local swap lab: test tokens, a wrapped ether, a Permit2-compatible signature
// transfer, a constant-product pool and a router. Written for Latchkey's tests (MIT), from the
// public interfaces only (ERC-20, EIP-712, Permit2's SignatureTransfer ABI and type strings);
// no code of Uniswap or any other project. Not audited: never deploy it anywhere that matters.
// How it is compiled: ./README.md.

/// An ERC-20 the deployer mints. With `approveFromZeroOnly`, a non-zero allowance must be set
/// back to 0 before another non-zero one, as Tether's USDT demands.
contract LabToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    bool public immutable approveFromZeroOnly;
    address public immutable minter;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error NotMinter();
    error ApproveFromNonZero(uint256 current);
    error InsufficientBalance(uint256 balance, uint256 needed);
    error InsufficientAllowance(uint256 allowance, uint256 needed);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, bool approveFromZeroOnly_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        approveFromZeroOnly = approveFromZeroOnly_;
        minter = msg.sender;
    }

    function mint(address to, uint256 amount) external virtual {
        if (msg.sender != minter) revert NotMinter();
        _mint(to, amount);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        uint256 current = allowance[msg.sender][spender];
        if (approveFromZeroOnly && amount != 0 && current != 0) revert ApproveFromNonZero(current);
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < amount) revert InsufficientAllowance(allowed, amount);
            allowance[from][msg.sender] = allowed - amount;
        }
        _move(from, to, amount);
        return true;
    }

    function _mint(address to, uint256 amount) internal {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _burn(address from, uint256 amount) internal {
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(balance, amount);
        balanceOf[from] = balance - amount;
        totalSupply -= amount;
        emit Transfer(from, address(0), amount);
    }

    function _move(address from, address to, uint256 amount) internal {
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(balance, amount);
        balanceOf[from] = balance - amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// Ether as an ERC-20: deposit to get it, withdraw to get ether back. Nobody mints it.
contract LabWrappedEther is LabToken {
    error NotMintable();
    error EtherTransferFailed();

    constructor() LabToken("Wrapped Ether", "WETH", 18, false) {}

    function mint(address, uint256) external pure override {
        revert NotMintable();
    }

    function deposit() public payable {
        _mint(msg.sender, msg.value);
    }

    function withdraw(uint256 amount) external {
        _burn(msg.sender, amount);
        (bool ok,) = msg.sender.call{value: amount}("");
        if (!ok) revert EtherTransferFailed();
    }

    receive() external payable {
        deposit();
    }
}

/// Token moves that accept tokens returning a bool and tokens returning nothing (USDT).
library LabTransfers {
    error TokenCallFailed(address token);

    function send(address token, address to, uint256 amount) internal {
        _call(token, abi.encodeWithSelector(LabToken.transfer.selector, to, amount));
    }

    function pull(address token, address from, address to, uint256 amount) internal {
        _call(token, abi.encodeWithSelector(LabToken.transferFrom.selector, from, to, amount));
    }

    function balance(address token, address owner) internal view returns (uint256) {
        return LabToken(token).balanceOf(owner);
    }

    function _call(address token, bytes memory data) private {
        if (token.code.length == 0) revert TokenCallFailed(token);
        (bool ok, bytes memory answer) = token.call(data);
        if (!ok || (answer.length != 0 && !abi.decode(answer, (bool)))) revert TokenCallFailed(token);
    }
}

/// The signature-transfer half of Permit2: the same ABI, EIP-712 domain and type strings, so a
/// client built for Permit2 signs for it unchanged. Unordered nonces (a bitmap per owner).
contract LabSignatureTransfer {
    struct TokenPermissions {
        address token;
        uint256 amount;
    }

    struct PermitTransferFrom {
        TokenPermissions permitted;
        uint256 nonce;
        uint256 deadline;
    }

    struct SignatureTransferDetails {
        address to;
        uint256 requestedAmount;
    }

    bytes32 public constant TOKEN_PERMISSIONS_TYPEHASH = keccak256("TokenPermissions(address token,uint256 amount)");
    bytes32 public constant PERMIT_TRANSFER_FROM_TYPEHASH = keccak256(
        "PermitTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline)TokenPermissions(address token,uint256 amount)"
    );
    bytes32 private constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,uint256 chainId,address verifyingContract)");
    uint256 private constant HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    mapping(address => mapping(uint256 => uint256)) public nonceBitmap;

    event UnorderedNonceInvalidation(address indexed owner, uint256 word, uint256 mask);

    error SignatureExpired(uint256 signatureDeadline);
    error InvalidNonce();
    error InvalidSignature();
    error InvalidSigner();
    error InvalidAmount(uint256 maxAmount);

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("Permit2"), block.chainid, address(this)));
    }

    /// Moves `requestedAmount` of the permitted token from `owner`, who signed the permit for the caller.
    function permitTransferFrom(
        PermitTransferFrom calldata permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes calldata signature
    ) external {
        if (block.timestamp > permit.deadline) revert SignatureExpired(permit.deadline);
        if (transferDetails.requestedAmount > permit.permitted.amount) revert InvalidAmount(permit.permitted.amount);
        _useNonce(owner, permit.nonce);
        bytes32 permitted =
            keccak256(abi.encode(TOKEN_PERMISSIONS_TYPEHASH, permit.permitted.token, permit.permitted.amount));
        bytes32 structHash =
            keccak256(abi.encode(PERMIT_TRANSFER_FROM_TYPEHASH, permitted, msg.sender, permit.nonce, permit.deadline));
        _verify(signature, keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash)), owner);
        LabTransfers.pull(permit.permitted.token, owner, transferDetails.to, transferDetails.requestedAmount);
    }

    /// Spends the nonces of `mask` in word `wordPos` of the caller's bitmap.
    function invalidateUnorderedNonces(uint256 wordPos, uint256 mask) external {
        nonceBitmap[msg.sender][wordPos] |= mask;
        emit UnorderedNonceInvalidation(msg.sender, wordPos, mask);
    }

    function _useNonce(address owner, uint256 nonce) private {
        uint256 bit = 1 << (nonce & 0xff);
        uint256 flipped = nonceBitmap[owner][nonce >> 8] ^= bit;
        if (flipped & bit == 0) revert InvalidNonce();
    }

    function _verify(bytes calldata signature, bytes32 digest, address owner) private pure {
        bytes32 r;
        bytes32 s;
        uint8 v;
        if (signature.length == 65) {
            (r, s) = abi.decode(signature[:64], (bytes32, bytes32));
            v = uint8(signature[64]);
        } else if (signature.length == 64) {
            bytes32 vs;
            (r, vs) = abi.decode(signature, (bytes32, bytes32));
            s = vs & bytes32(type(uint256).max >> 1);
            v = uint8(uint256(vs >> 255)) + 27;
        } else {
            revert InvalidSignature();
        }
        if (uint256(s) > HALF_ORDER) revert InvalidSignature();
        address signer = ecrecover(digest, v, r, s);
        if (signer == address(0)) revert InvalidSignature();
        if (signer != owner) revert InvalidSigner();
    }
}

/// One pair, constant product (x·y = k) with a 0.3 % fee kept in the pool. A swap pays out for
/// what was sent in since the last one (its balance above the reserve); the owner adds liquidity
/// by sending both tokens and calling `sync`.
contract LabPool {
    uint256 public constant FEE_BPS = 30;
    address public immutable token0;
    address public immutable token1;
    address public immutable owner;
    uint256 public reserve0;
    uint256 public reserve1;

    event Swap(address indexed sender, address indexed tokenIn, uint256 amountIn, uint256 amountOut, address indexed to);
    event Sync(uint256 reserve0, uint256 reserve1);

    error NotOwner();
    error UnknownToken(address token);
    error NoInput();
    error InsufficientLiquidity();
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);

    constructor(address tokenA, address tokenB) {
        (token0, token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        owner = msg.sender;
    }

    function sync() external {
        if (msg.sender != owner) revert NotOwner();
        _sync();
    }

    /// What `amountIn` of `tokenIn` buys now, the fee taken.
    function getAmountOut(address tokenIn, uint256 amountIn) public view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = _reserves(tokenIn);
        return _amountOut(amountIn, reserveIn, reserveOut);
    }

    function swap(address tokenIn, uint256 minAmountOut, address to) external returns (uint256 amountOut) {
        (uint256 reserveIn, uint256 reserveOut) = _reserves(tokenIn);
        uint256 amountIn = LabTransfers.balance(tokenIn, address(this)) - reserveIn;
        if (amountIn == 0) revert NoInput();
        amountOut = _amountOut(amountIn, reserveIn, reserveOut);
        if (amountOut < minAmountOut) revert InsufficientOutput(amountOut, minAmountOut);
        LabTransfers.send(tokenIn == token0 ? token1 : token0, to, amountOut);
        _sync();
        emit Swap(msg.sender, tokenIn, amountIn, amountOut, to);
    }

    function _reserves(address tokenIn) private view returns (uint256, uint256) {
        if (tokenIn == token0) return (reserve0, reserve1);
        if (tokenIn == token1) return (reserve1, reserve0);
        revert UnknownToken(tokenIn);
    }

    function _amountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) private pure returns (uint256) {
        if (reserveIn == 0 || reserveOut == 0) revert InsufficientLiquidity();
        uint256 inWithFee = amountIn * (10_000 - FEE_BPS);
        uint256 amountOut = (inWithFee * reserveOut) / (reserveIn * 10_000 + inWithFee);
        if (amountOut == 0) revert InsufficientLiquidity();
        return amountOut;
    }

    function _sync() private {
        reserve0 = LabTransfers.balance(token0, address(this));
        reserve1 = LabTransfers.balance(token1, address(this));
        emit Sync(reserve0, reserve1);
    }
}

/// Swaps an exact input through the pool of the pair, taking the sell token by allowance (the
/// router is the spender) or by a Permit2 signature, paying an integrator fee out of the buy
/// token. Ether in and out goes through the wrapped ether, named by the 0xEeee… placeholder.
contract LabRouter {
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    uint256 public constant MAX_FEE_BPS = 1_000;

    struct SwapOrder {
        address sellToken;
        address buyToken;
        uint256 sellAmount;
        uint256 minBuyAmount;
        address recipient;
        address feeRecipient;
        uint256 feeBps;
        uint256 deadline;
    }

    LabWrappedEther public immutable weth;
    LabSignatureTransfer public immutable permit2;
    address public immutable owner;
    mapping(address => mapping(address => LabPool)) public poolOf;

    event Swapped(
        address indexed taker,
        address indexed sellToken,
        address indexed buyToken,
        uint256 sellAmount,
        uint256 buyAmount,
        uint256 fee
    );

    error NotOwner();
    error Expired(uint256 deadline);
    error NoPool(address sellToken, address buyToken);
    error WrongValue(uint256 value);
    error FeeTooHigh(uint256 feeBps);
    error PermitMismatch();
    error InsufficientOutput(uint256 buyAmount, uint256 minBuyAmount);
    error EtherTransferFailed();

    constructor(LabWrappedEther weth_, LabSignatureTransfer permit2_) {
        weth = weth_;
        permit2 = permit2_;
        owner = msg.sender;
    }

    function setPool(LabPool pool) external {
        if (msg.sender != owner) revert NotOwner();
        poolOf[pool.token0()][pool.token1()] = pool;
        poolOf[pool.token1()][pool.token0()] = pool;
    }

    /// The buy amount and fee an exact `sellAmount` gets now (what the quote API serves).
    function quote(address sellToken, address buyToken, uint256 sellAmount, uint256 feeBps)
        external
        view
        returns (uint256 buyAmount, uint256 fee)
    {
        if (feeBps > MAX_FEE_BPS) revert FeeTooHigh(feeBps);
        uint256 gross = _pool(sellToken, buyToken).getAmountOut(_wrapped(sellToken), sellAmount);
        fee = (gross * feeBps) / 10_000;
        buyAmount = gross - fee;
    }

    /// Swaps with the sell token taken by allowance (or the ether sent with it).
    function swap(SwapOrder calldata order) external payable returns (uint256) {
        LabPool pool = _check(order);
        if (order.sellToken == NATIVE) {
            if (msg.value != order.sellAmount) revert WrongValue(msg.value);
            weth.deposit{value: msg.value}();
            LabTransfers.send(address(weth), address(pool), msg.value);
        } else {
            if (msg.value != 0) revert WrongValue(msg.value);
            LabTransfers.pull(order.sellToken, msg.sender, address(pool), order.sellAmount);
        }
        return _settle(order, pool);
    }

    /// Swaps with the sell token taken by a Permit2 signature of the caller naming this router.
    /// The signature is the last argument, so a client may append its length and bytes to the
    /// calldata of the other arguments (the head's offset already points past them).
    function swapWithPermit(
        SwapOrder calldata order,
        LabSignatureTransfer.PermitTransferFrom calldata permit,
        bytes calldata signature
    ) external returns (uint256) {
        LabPool pool = _check(order);
        if (order.sellToken == NATIVE || permit.permitted.token != order.sellToken) revert PermitMismatch();
        permit2.permitTransferFrom(
            permit, LabSignatureTransfer.SignatureTransferDetails(address(pool), order.sellAmount), msg.sender, signature
        );
        return _settle(order, pool);
    }

    receive() external payable {
        if (msg.sender != address(weth)) revert WrongValue(msg.value);
    }

    function _check(SwapOrder calldata order) private view returns (LabPool) {
        if (block.timestamp > order.deadline) revert Expired(order.deadline);
        if (order.feeBps > MAX_FEE_BPS) revert FeeTooHigh(order.feeBps);
        return _pool(order.sellToken, order.buyToken);
    }

    function _settle(SwapOrder calldata order, LabPool pool) private returns (uint256 buyAmount) {
        uint256 gross = pool.swap(_wrapped(order.sellToken), 0, address(this));
        uint256 fee = (gross * order.feeBps) / 10_000;
        buyAmount = gross - fee;
        if (buyAmount < order.minBuyAmount) revert InsufficientOutput(buyAmount, order.minBuyAmount);
        if (fee != 0) _pay(order.buyToken, order.feeRecipient, fee);
        _pay(order.buyToken, order.recipient, buyAmount);
        emit Swapped(msg.sender, order.sellToken, order.buyToken, order.sellAmount, buyAmount, fee);
    }

    function _pay(address token, address to, uint256 amount) private {
        if (token != NATIVE) return LabTransfers.send(token, to, amount);
        weth.withdraw(amount);
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert EtherTransferFailed();
    }

    function _pool(address sellToken, address buyToken) private view returns (LabPool pool) {
        pool = poolOf[_wrapped(sellToken)][_wrapped(buyToken)];
        if (address(pool) == address(0)) revert NoPool(sellToken, buyToken);
    }

    function _wrapped(address token) private view returns (address) {
        return token == NATIVE ? address(weth) : token;
    }
}
