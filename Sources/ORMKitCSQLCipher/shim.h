#ifndef ORMKIT_CSQLCIPHER_SHIM_H
#define ORMKIT_CSQLCIPHER_SHIM_H

// SQLCipher's sqlite3.h declares sqlite3_key / sqlite3_rekey only when SQLITE_HAS_CODEC is defined.
#define SQLITE_HAS_CODEC 1
#include <sqlcipher/sqlite3.h>
#include "../ORMKitCSQLite/sqlite-helpers.h"

#endif
