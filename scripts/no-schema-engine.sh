#!/bin/sh
# Stands in for Prisma's native schema engine, which cannot be downloaded here.
# `prisma generate` never runs it; anything that would (prisma migrate, db push) fails loudly.
echo "The native Prisma schema engine is not installed. Use npm run db:migrate / npm run db:migration." >&2
exit 1
