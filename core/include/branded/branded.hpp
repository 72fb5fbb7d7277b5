// The whole contract in one include.
#pragma once
#include "branded/base62.hpp"
#include "branded/batch.hpp"
#include "branded/branded_id.hpp"
#include "branded/gate.hpp"
#include "branded/hash32.hpp"
#include "branded/keyspace.hpp"
#include "branded/minter.hpp"
#include "branded/result.hpp"
#include "branded/scan.hpp"
#include "branded/self_check.hpp"
#include "branded/snowflake.hpp"
#include "branded/stream.hpp"
